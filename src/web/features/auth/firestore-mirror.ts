// Firebase mode's live follow, as the app starts it: Firestore opened as the signed-in Firebase
// user, then the room's or the board's document followed (lib/firestore-follow). Loaded on first
// use in Firebase mode only: the default mode never downloads it.
import type { FirebaseWebConfig } from '../../../core/contract';
import { firebaseFirestore } from './firebase-auth';
import { followContest, followRoom } from '../../lib/firestore-follow';

export async function mirrorRoom(config: FirebaseWebConfig, roomId: string, on: Parameters<typeof followRoom>[2]) {
  return followRoom(await firebaseFirestore(config), roomId, on);
}

export async function mirrorContest(
  config: FirebaseWebConfig,
  contestId: number,
  on: Parameters<typeof followContest>[2],
) {
  return followContest(await firebaseFirestore(config), contestId, on);
}
