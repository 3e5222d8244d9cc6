import type { z } from 'zod';
import type { SandboxAppointment } from '../world/types';
import { operation, type OperationInput, type OperationResult, type OperationSpec, type PublisherContext } from './operation';
import { appointmentParams } from './requests';

type AppointmentPath = z.ZodType<{ appointmentId: string }>;

export interface AppointmentOperationSpec<P extends AppointmentPath, Q extends z.ZodType, B extends z.ZodType>
  extends Omit<OperationSpec<P, Q, B>, 'params' | 'handle'> {
  /** Default: `appointmentParams`; a route deeper under the appointment names its own. */
  params?: P;
  handle(input: OperationInput<z.output<P>, z.output<Q>, z.output<B>> & { appointment: SandboxAppointment }): OperationResult | Promise<OperationResult>;
}

/**
 * A contract operation on one appointment (`/appointments/:appointmentId…`): once the
 * request is valid, an unknown appointment is 404 UNKNOWN_APPOINTMENT before the
 * handler runs, whatever the publisher's minimal forms.
 */
export function appointmentOperation<P extends AppointmentPath = typeof appointmentParams, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType>(
  context: PublisherContext,
  spec: AppointmentOperationSpec<P, Q, B>,
): void {
  const { handle, ...rest } = spec;
  operation(context, {
    ...rest,
    // P's default is appointmentParams: TypeScript cannot see that an omitted P is that one.
    params: spec.params ?? (appointmentParams as unknown as P),
    handle: (input) => handle({ ...input, appointment: context.state.requireAppointment(input.params.appointmentId) }),
  });
}
