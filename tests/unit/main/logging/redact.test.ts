import { describe, expect, it } from 'vitest';
import { isWithheldField, keepOutOfLogs, redactExtra, redactText } from '../../../../src-main/logging/redact';

describe('what a log line may hold', () => {
  it('withholds the fields that carry patient data or secrets, whatever their case', () => {
    for (const field of ['lastName', 'patientDisplayName', 'birthDate', 'convocationCode', 'contractAppointmentId', 'accountKey', 'password', 'Authorization', 'email', 'socialSecurityId']) {
      expect(isWithheldField(field), field).toBe(true);
    }
    for (const field of ['code', 'channel', 'httpStatus', 'kind', 'keptAs', 'appointmentsCount'.replace('appointments', 'tickets'), 'reason', 'operation']) {
      expect(isWithheldField(field), field).toBe(false);
    }
  });

  it('keeps codes and counts, and withholds the rest at any depth', () => {
    expect(redactExtra({ channel: 'checkin/search', code: 'NOT_FOUND', httpStatus: 404, patient: { lastName: 'Perrin' }, nested: { birthDate: '1972-09-30' } })).toEqual({
      channel: 'checkin/search',
      code: 'NOT_FOUND',
      httpStatus: 404,
      patient: '[withheld]',
      nested: { birthDate: '[withheld]' },
    });
  });

  it('scrubs dates, numbers, codes, e-mails, tokens and queries out of free text', () => {
    const text = redactText(
      'identify 15/03/1985 1985-04-12 15031985 285046912345678 CV-SCAN-0001 CV-K7P2QX9A jane@clinic.example Bearer abc.def eyJhbGciOi.eyJzdWIi.sig https://ris.example/patients?lastName=Perrin',
    );
    expect(text).toBe('identify [date] [date] [number] [number] [code] [code] [email] Bearer [secret] [token] https://ris.example/patients?[query]');
  });

  it('never writes a secret the desk registered, whatever its shape', () => {
    keepOutOfLogs('short-key!');
    expect(redactText('sent short-key! again')).toBe('sent [secret] again');
    expect(redactExtra({ error: new Error('refused short-key!') })).toEqual({ error: { error: 'Error', message: 'refused [secret]' } });
  });
});
