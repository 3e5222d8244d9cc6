import { stopOnSignals, wholeNumberFlag } from '../cli-process';
import { describeFieldVariations } from './publisher/field-variations';
import { PLATFORM_FLAGS_HELP } from './platform/flags';
import { PUBLISHER_FLAGS_HELP } from './publisher/flags';
import { startSandbox } from './start';

/**
 * `npm run sandbox`: the training platform and publisher alone, for a technician's
 * tests (a kiosk, a printer, another desk) without touching production.
 */
interface CliOptions {
  platformPort: number;
  publisherPort: number;
  seed: number | undefined;
  kioskSeconds: number;
  extraTickets: number;
  publisherFlags: string[];
}

function kioskRate(perHour: number): number | null {
  return perHour > 0 ? 3_600 / perHour : null;
}

function readOptions(argv: string[]): CliOptions {
  const value = (name: string): string | undefined => {
    const index = argv.indexOf(name);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const number = (name: string, fallback: number, max: number) => wholeNumberFlag(argv, name, fallback, max);
  return {
    // Read by startSandbox, exactly as the preview host passes them.
    publisherFlags: argv,
    platformPort: number('--platform-port', 0, 65_535),
    publisherPort: number('--publisher-port', 0, 65_535),
    seed: value('--seed') === undefined ? undefined : number('--seed', 0, 2 ** 31),
    // `--kiosk-rate N`: a steady N arrivals an hour (work for several desks), the same as --kiosk-every 3600/N.
    kioskSeconds: kioskRate(number('--kiosk-rate', 0, 3_600)) ?? number('--kiosk-every', 0, 86_400),
    extraTickets: number('--extra-tickets', 0, 20_000),
  };
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  const sandbox = await startSandbox({
    platformPort: options.platformPort,
    publisherPort: options.publisherPort,
    seed: options.seed,
    kioskIntervalMs: options.kioskSeconds * 1000,
    extraTickets: options.extraTickets,
    publisherFlags: options.publisherFlags,
    platformFlags: options.publisherFlags,
  });
  const lines = [
    'Desk Console training sandbox (made-up data, 127.0.0.1 only)',
    `  platform:          ${sandbox.platformUrl}   (OpenAPI: ${sandbox.platformUrl}/swagger.json)`,
    `  publisher:         ${sandbox.contractBaseUrl}`,
    `  licence UUID:      ${sandbox.licenceUuid}`,
    `  account key:       ${sandbox.accountKey}`,
    `  X-Kiosk-Office-Id: ${sandbox.profile.officeIdHeader}`,
    `  kiosk devices:     ${sandbox.world.publisher.devices.join(', ')}`,
    `  staff sign-in:     ${sandbox.trainingAccounts.map((a) => `${a.login}/${a.password}`).join(', ')}`,
    `  platform admin:    ${sandbox.platformAccounts.map((a) => `${a.login}/${a.password} (${a.role})`).join(', ')}`,
    `  trainer:           POST ${sandbox.contractBaseUrl}/trainer/appointments/{id}/revert-arrival (X-Kiosk-Auth-Key) reverts an arrival as a RIS agenda does`,
    `  kiosk arrivals:    ${options.kioskSeconds > 0 ? `every ${options.kioskSeconds} s` : 'off (--kiosk-every SECONDS or --kiosk-rate PER_HOUR)'}`,
    `  field variations:  ${describeFieldVariations(sandbox.behaviour.fieldVariations)}, status echo ${sandbox.behaviour.quirks.echoStatus ? 'on' : 'off'}`,
    `  publisher pushes:  ${sandbox.behaviour.pushes ? 'on (appointmentStatusChanged after every change)' : 'off (the platform is never told; desks re-verify)'}`,
    ...PUBLISHER_FLAGS_HELP.map((line) => `    ${line}`),
    `  desk extensions:   ${sandbox.deskExtensions.offered ? 'offered' : 'off (listForDay, events, callTicket, lastCalls answer 404)'}`,
    ...PLATFORM_FLAGS_HELP.map((line) => `    ${line}`),
    'Stop with Ctrl+C.',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  stopOnSignals(() => sandbox.close());
}

main().catch((error: unknown) => {
  process.stderr.write(`The training sandbox could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
