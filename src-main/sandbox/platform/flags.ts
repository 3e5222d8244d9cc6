/** The training platform's flags, shared by `npm run sandbox` and the preview host so both take the same ones. */
export const PLATFORM_FLAGS_HELP = [
  '--no-desk-extensions                       the platform answers 404 to listForDay, events, callTicket, lastCalls (docs/desk-extensions.md)',
];

export interface PlatformFlags {
  /** This project's desk extensions are served (the default); off, the platform is one that lacks them. */
  deskExtensions: boolean;
}

/** Reads the platform's flags from argv (the whole command line: other flags are someone else's). */
export function readPlatformFlags(argv: readonly string[]): PlatformFlags {
  return { deskExtensions: !argv.includes('--no-desk-extensions') };
}
