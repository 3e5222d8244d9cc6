import type { PublisherWorld, SandboxAppointment, StoredDocument } from '../../world/types';
import { appointmentOperation } from '../appointment-operation';
import { errors } from '../errors';
import { created, noContent, ok, type PublisherContext } from '../operation';
import { documentParams, uploadBody } from '../requests';

/** Room for the envelope: base64 inflates by 4/3, plus the envelope's own JSON. */
export function uploadWireLimit(plaintextLimit: number): number {
  return Math.ceil((plaintextLimit * 4) / 3) + 64 * 1024;
}

/** An unknown received code is handled as `other` (contract): it borrows other's label. */
function documentTypeOf(world: PublisherWorld, code: string) {
  return (
    world.documentTypes.find((type) => type.documentType === code) ??
    world.documentTypes.find((type) => type.documentType === 'other') ?? { documentType: 'other', label: 'Other document', availableOnPhone: true }
  );
}

function liveDocument(appointment: SandboxAppointment, documentId: string): StoredDocument | undefined {
  return appointment.documents.find((document) => document.id === documentId && !document.deleted);
}

/**
 * Documents: list, upload, delete, and the optional content route of this
 * project's design (GET …/documents/{documentId}/content). With the minimal form
 * the list is empty, upload answers an id and keeps nothing, and delete and
 * content answer 404 UNKNOWN_DOCUMENT.
 */
export function documentRoutes(context: PublisherContext): void {
  const { state, behaviour, encryption } = context;
  const minimal = behaviour.minimal.documents;

  appointmentOperation(context, {
    method: 'GET',
    path: '/appointments/:appointmentId/documents',
    auth: 'KD',
    encryption: 'contract',
    handle: ({ appointment }) => {
      if (minimal) return ok({ documents: [], requiredDocumentTypes: [] });
      return ok({
        documents: appointment.documents
          .filter((document) => !document.deleted)
          .map(({ id, documentType, label, availableOnPhone, pageCount, mimeType }) => ({ id, documentType, label, availableOnPhone, pageCount, mimeType })),
        requiredDocumentTypes: appointment.requiredDocumentTypes.map((code) => {
          const type = state.world.documentTypes.find((candidate) => candidate.documentType === code);
          return { documentType: code, label: type?.label ?? code, availableOnPhone: type?.availableOnPhone ?? true };
        }),
        vendorData: state.vendorData('appointment', appointment.id),
      });
    },
  });

  appointmentOperation(context, {
    method: 'POST',
    path: '/appointments/:appointmentId/documents',
    auth: 'KD',
    encryption: 'contract',
    body: uploadBody,
    bodyLimit: uploadWireLimit(behaviour.uploadLimitBytes),
    maxPlaintextBytes: behaviour.uploadLimitBytes,
    handle: ({ appointment, body }) => {
      state.noteVendorData('appointment', appointment.id, body.context?.vendorData);
      const documentId = state.nextDocumentId();
      if (minimal) return created({ documentId });
      const type = documentTypeOf(state.world, body.documentType);
      appointment.documents.push({
        id: documentId,
        documentType: body.documentType,
        label: type.label,
        availableOnPhone: type.availableOnPhone,
        pageCount: body.pages.length,
        mimeType: body.pages[0]!.mimeType,
        pages: body.pages.map(({ contentBase64, mimeType }) => ({ contentBase64, mimeType })),
        deleted: false,
      });
      state.touch('appointment', appointment.id);
      // No `analysis`: prescription analysis is not activated for generic integrations.
      return created({ documentId, vendorData: state.vendorData('appointment', appointment.id) });
    },
  });

  appointmentOperation(context, {
    method: 'DELETE',
    path: '/appointments/:appointmentId/documents/:documentId',
    auth: 'KD',
    encryption: 'contract',
    params: documentParams,
    handle: ({ appointment, params }) => {
      const document = minimal ? undefined : liveDocument(appointment, params.documentId);
      if (!document) throw errors.unknownDocument();
      document.deleted = true;
      state.touch('appointment', appointment.id);
      return noContent();
    },
  });

  appointmentOperation(context, {
    method: 'GET',
    path: '/appointments/:appointmentId/documents/:documentId/content',
    auth: 'KD',
    encryption: 'optional',
    params: documentParams,
    handle: ({ appointment, params, sealed }) => {
      // Outside the 10 encrypted operations, yet patient data: an encrypting publisher
      // only hands it out sealed, and answers the minimal form to a clear call.
      const document = minimal || (encryption.enabled && !sealed) ? undefined : liveDocument(appointment, params.documentId);
      if (!document) throw errors.unknownDocument();
      return ok({
        documentId: document.id,
        pages: document.pages.map(({ contentBase64, mimeType }) => ({ contentBase64, mimeType })),
        vendorData: state.vendorData('appointment', appointment.id),
      });
    },
  });
}
