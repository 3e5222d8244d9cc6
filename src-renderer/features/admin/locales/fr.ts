/** French texts of the admin feature, merged into the app's messages under `admin`. */
export const adminFr = {};
export type AdminMessages = typeof adminFr;
