import type { Handlers } from '../http/context';

export const adminContentHandlers: Handlers<never> = {};
