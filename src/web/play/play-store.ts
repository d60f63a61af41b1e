import { addCueSource } from '../app/feedback-middleware';
import { lazyMiddleware, rootReducer } from '../app/root-reducer';
import { playCues } from './play-cues';
import { answerChecks } from './answer-checks';
import { playReducer } from './play-machine';

// The play screens' slice and listeners, added to the store when their chunk loads, not with the
// first screen (app/store.ts LazySlices); its state is there from the next action on (the play's
// opening).
rootReducer.inject({ reducerPath: 'play', reducer: playReducer });
lazyMiddleware.addMiddleware(answerChecks);
// A verdict's and a result's sounds: told by this chunk, which holds the rules that grade.
addCueSource(playCues);
