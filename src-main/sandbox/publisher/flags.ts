import { parseFieldVariations } from './field-variations';
import type { PublisherBehaviourInput } from './options';

/** The publisher's behaviour flags, shared by `npm run sandbox` and the preview host so both take the same ones. */
export const PUBLISHER_FLAGS_HELP = [
  '--field-variations off|all|random:<seed>   answers in the other legal forms (docs/sandbox-publisher.md)',
  '--echo-status                              PUT status not adopted answers the requested status (quirks.echoStatus)',
  '--no-publisher-pushes                      the publisher never calls the platform\'s ticket services (pushes: false)',
];

/** Reads the publisher's flags from argv; a malformed value is an error message, never a silent default. */
export function readPublisherFlags(argv: readonly string[]): { behaviour: PublisherBehaviourInput } | { error: string } {
  const behaviour: PublisherBehaviourInput = {};
  const index = argv.indexOf('--field-variations');
  if (index >= 0) {
    const fieldVariations = parseFieldVariations(argv[index + 1] ?? '');
    if (!fieldVariations) return { error: '--field-variations takes off, all or random:<seed> (a whole number)' };
    behaviour.fieldVariations = fieldVariations;
  }
  if (argv.includes('--echo-status')) behaviour.quirks = { echoStatus: true };
  if (argv.includes('--no-publisher-pushes')) behaviour.pushes = false;
  return { behaviour };
}

/** `input` with the flags of argv over it; a malformed flag throws with the message the CLIs print. */
export function withPublisherFlags(input: PublisherBehaviourInput = {}, argv: readonly string[] = []): PublisherBehaviourInput {
  const flags = readPublisherFlags(argv);
  if ('error' in flags) throw new Error(flags.error);
  return { ...input, ...flags.behaviour, quirks: { ...input.quirks, ...flags.behaviour.quirks } };
}
