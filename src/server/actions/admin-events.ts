import type { Handlers } from '../http/context';

export const adminEventHandlers: Handlers<never> = {};
