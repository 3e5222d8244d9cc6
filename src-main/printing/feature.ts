import { DeskError } from '../../src-shared/errors';
import type { DeskContext, PrintingFeature, TicketPrinter } from '../features';

/** Composes the printing feature's services behind its IPC channels. */
export async function createPrintingFeature(context: DeskContext): Promise<PrintingFeature> {
  void context;
  const unavailable = async (): Promise<never> => {
    throw new DeskError('PRINTER_UNAVAILABLE', 'No desk printer is configured');
  };
  const printer: TicketPrinter = { printIssuedTicket: unavailable, reprint: unavailable };
  return { printer, handlers: { 'printing/reprint': (request) => printer.reprint(request) } };
}
