/** French texts of the checkin feature, merged into the app's messages under `checkin`. */
export const checkinFr = {};
export type CheckinMessages = typeof checkinFr;
