import type { AdminMessages } from './fr';

export const adminEn: AdminMessages = {};
