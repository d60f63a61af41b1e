import { lazyMiddleware, rootReducer } from '../app/root-reducer';
import { answerChecks } from './answer-checks';
import { playReducer } from './play-machine';

// The play screens' slice and listeners, added to the store when their chunk loads, not with the
// first screen (app/store.ts LazySlices); its state is there from the next action on (the play's
// opening).
rootReducer.inject({ reducerPath: 'play', reducer: playReducer });
lazyMiddleware.addMiddleware(answerChecks);
