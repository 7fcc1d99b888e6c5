import { useMutation } from '@tanstack/react-query';
import type { ContactRequest, ContactResponse } from '../../../../../shared/schemas/contact';
import { api } from '../../../lib/api-client';

/** `POST /api/contact`: the message goes to support, a confirmation to the sender. */
export function sendContactMessage(message: ContactRequest): Promise<ContactResponse> {
  return api<ContactResponse>('contact', { ...message });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
