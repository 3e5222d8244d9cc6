import type { CheckinMessages } from './fr';

export const checkinEn: CheckinMessages = {};
