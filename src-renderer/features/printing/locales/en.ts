import type { PrintingMessages } from './fr';

export const printingEn: PrintingMessages = {};
