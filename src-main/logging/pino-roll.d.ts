// pino-roll ships no types; only what src-main/logging/files.ts uses.
declare module 'pino-roll' {
  import type { DestinationStream } from 'pino';

  export interface RollingStream extends DestinationStream {
    flush(callback?: (error?: Error) => void): void;
    end(): void;
    once(event: 'close' | 'ready', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
  }

  export interface PinoRollOptions {
    file: string;
    size?: string | number;
    frequency?: 'daily' | 'hourly' | number;
    extension?: string;
    dateFormat?: string;
    mkdir?: boolean;
    /** sonic-boom's option: write each line synchronously. */
    sync?: boolean;
    limit?: { count: number; removeOtherLogFiles?: boolean };
  }

  export default function pinoRoll(options: PinoRollOptions): Promise<RollingStream>;
}
