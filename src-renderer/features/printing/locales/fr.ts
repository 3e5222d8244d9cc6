/** French texts of the printing feature, merged into the app's messages under `printing`. */
export const printingFr = {};
export type PrintingMessages = typeof printingFr;
