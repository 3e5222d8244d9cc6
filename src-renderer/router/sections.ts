/** The first screens: their code is fetched at start, while the router still asks main where to go. */
export const signInView = () => import('../features/staff/views/SignInView.vue');
export const boardView = () => import('../features/board/views/BoardView.vue');

/**
 * The product's sections. Hash history: app:// and the preview host serve one file. Every view is
 * its own chunk (dynamic import): a section's code, its charts and forms load when it is opened.
 */
export const sections = [
  { name: 'board', path: '/board', icon: 'mdi-view-dashboard-outline', staffOnly: true, view: boardView },
  { name: 'checkin', path: '/check-in', icon: 'mdi-account-arrow-right-outline', staffOnly: true, view: () => import('../features/checkin/views/CheckinView.vue') },
  { name: 'statistics', path: '/statistics', icon: 'mdi-chart-bar', staffOnly: true, view: () => import('../features/statistics/views/StatisticsView.vue') },
  { name: 'printers', path: '/printers', icon: 'mdi-printer-pos-outline', staffOnly: false, view: () => import('../features/printing/views/PrintersView.vue') },
  { name: 'admin', path: '/admin', icon: 'mdi-shield-account-outline', staffOnly: false, view: () => import('../features/admin/views/AdminView.vue') },
  { name: 'settings', path: '/settings', icon: 'mdi-cog-outline', staffOnly: false, view: () => import('../features/settings/views/SettingsView.vue') },
] as const;

/**
 * Below this width the menu keeps to its icons (their names still read by screen readers; ☰ unfolds it), so the
 * page's own controls keep their room: the board's « Appeler le suivant » and patients' names at 1024 px.
 * The app's shell (App.vue) and the boot screen's (boot.ts) both.
 */
export const NARROW_PX = 1280;

/** The pages anyone may open, signed in or not (the connect page and the waiting room's display besides). */
const OPEN_PATHS = ['/connect', '/display', ...sections.filter((section) => !section.staffOnly).map((section) => section.path)];

/**
 * Whether the page at this path asks for a signed-in staff member (the sign-in screen comes first when
 * nobody is): the staff sections, the sign-in itself, and every other path, which the router sends to the board.
 */
export function staffPath(path: string): boolean {
  return !OPEN_PATHS.some((open) => path === open || path.startsWith(`${open}/`) || path.startsWith(`${open}?`));
}
