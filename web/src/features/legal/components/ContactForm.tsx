import { useId, useRef, useState, type FormEvent } from 'react';
import {
  CONTACT_LIMITS,
  contactRequest,
  type ContactForm as ContactFormValues,
} from '../../../../../shared/schemas/contact';
import { ApiError } from '../../../lib/api-error';
import { useSendContactMessage } from '../api/send-contact-message';

type Field = 'name' | 'email' | 'subject' | 'message';
type Values = Record<Field, string>;
const EMPTY: Values = { name: '', email: '', subject: '', message: '' };

function firstErrors(issues: { path: PropertyKey[]; message: string }[]): Partial<Values> {
  const errors: Partial<Values> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in EMPTY) errors[field as Field] ??= issue.message;
  }
  return errors;
}

/** The contact form: checked with the same schema as the API, errors next to their fields. */
export function ContactForm() {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [sent, setSent] = useState<string | null>(null);
  const send = useSendContactMessage();

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [field]: e.target.value }));
      if (errors[field]) setErrors((er) => ({ ...er, [field]: undefined }));
    },
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby':
      [errors[field] ? `${id}-${field}-error` : '', field === 'message' ? `${id}-message-hint` : '']
        .filter(Boolean)
        .join(' ') || undefined,
  });

  const focusFirstInvalid = (found: Partial<Values>) => {
    const first = (Object.keys(EMPTY) as Field[]).find((f) => found[f]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    const input: ContactFormValues = values;
    const parsed = contactRequest.safeParse(input);
    if (!parsed.success) {
      const found = firstErrors(parsed.error.issues);
      setErrors(found);
      focusFirstInvalid(found);
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: (res) => {
        setSent(res.message);
        setValues(EMPTY);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.errors) {
          const found = firstErrors(
            Object.entries(error.errors).map(([path, message]) => ({ path: [path], message })),
          );
          setErrors(found);
          focusFirstInvalid(found);
        }
      },
    });
  };

  const errorText = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="field__error">
        {errors[field]}
      </p>
    ) : null;

  const failure =
    send.isError && !(send.error instanceof ApiError && send.error.errors)
      ? send.error instanceof ApiError
        ? send.error.message
        : 'Your message could not be sent. Please try again.'
      : null;

  return (
    <form ref={form} className="contact-form" onSubmit={onSubmit} noValidate>
      <div className="contact-form__row">
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            {...fieldProps('name')}
            type="text"
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name}
            required
          />
          {errorText('name')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            {...fieldProps('email')}
            type="email"
            autoComplete="email"
            maxLength={CONTACT_LIMITS.email}
            required
          />
          {errorText('email')}
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-subject`}>
          Subject <span className="field__optional">(optional)</span>
        </label>
        <input {...fieldProps('subject')} type="text" maxLength={CONTACT_LIMITS.subject} />
        {errorText('subject')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea {...fieldProps('message')} maxLength={CONTACT_LIMITS.messageMax} required />
        <p id={`${id}-message-hint`} className="field__hint">
          {CONTACT_LIMITS.messageMin} to {CONTACT_LIMITS.messageMax} characters. We reply to the
          email address above.
        </p>
        {errorText('message')}
      </div>
      <div className="contact-form__actions">
        <button type="submit" className="button button--primary" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send Message'}
        </button>
      </div>
      <div aria-live="polite">{sent ? <p className="contact-form__status">{sent}</p> : null}</div>
      {failure ? (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
