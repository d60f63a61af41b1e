import { lazyMiddleware, rootReducer } from '../../app/root-reducer';
import { battleMiddleware } from './battle-middleware';
import { battleReducer } from './battle-slice';

// The battle screens' part of the store, added when their chunk loads, not with the first
// screen (app/store.ts LazySlices): the slice (its state is there from the next action on) and
// the middleware that owns the socket.
rootReducer.inject({ reducerPath: 'battle', reducer: battleReducer });
lazyMiddleware.addMiddleware(battleMiddleware);
