// A purchase row's actions: Resend, 'Edit contact' (an inline form: a mistyped address or WhatsApp
// number is corrected, then Resend sends there) and 'Erase' (on the player's request, after a confirmation that says what
// goes and what stays). An erased purchase has no actions left; one whose clips expired cannot be resent.
import { formatPhone } from '@courtreplay/shared';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { failure, success, type NoticeValue } from '../common/Notice.tsx';
import { useErasePurchaseMutation, useUpdatePurchaseContactMutation } from './mutations.ts';
import type { Transaction } from './queries.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';

interface Props {
  tx: Transaction;
  sending: boolean;
  onResend: (tx: Transaction) => Promise<void>;
  onNotice: (notice: NoticeValue) => void;
}

export function RowActions({ tx, sending, onResend, onNotice }: Props) {
  const T = useAdminMessages().transactions;
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState(tx.email);
  const shownPhone = tx.phone ? formatPhone(tx.phone) : '';
  const [phone, setPhone] = useState(shownPhone);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePurchaseContactMutation();
  const erase = useErasePurchaseMutation();

  if (tx.erasedAt) return null;

  if (editing) {
    const submit = (e: FormEvent) => {
      e.preventDefault();
      setError(null);
      // Only what changed is sent: an untouched empty address or number is no correction.
      const changedEmail = email.trim() !== tx.email ? email : undefined;
      const changedPhone = phone.trim() !== '' && phone !== shownPhone ? phone : undefined;
      update.mutate(
        {
          id: tx.id,
          ...(changedEmail !== undefined || changedPhone === undefined ? { email } : {}),
          ...(changedPhone ? { phone: changedPhone } : {}),
        },
        {
          onSuccess: (answer) => {
            setEditing(false);
            onNotice(success(answer.message));
          },
          onError: (err) => setError(errorMessage(err, T.loadFailed)),
        },
      );
    };
    return (
      <form className="inline-edit" onSubmit={submit} noValidate aria-label={T.editContact}>
        <input
          type="email"
          aria-label={T.newEmail}
          value={email}
          autoFocus
          onChange={(e) => setEmail(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}
        />
        <input
          type="tel"
          aria-label={T.newPhone}
          placeholder={T.newPhone}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}
        />
        <button type="submit" className="btn btn-primary btn-sm" disabled={update.isPending}>
          {update.isPending ? T.saving : T.save}
        </button>
        <button type="button" className="btn btn-sm" onClick={() => setEditing(false)}>
          {T.cancel}
        </button>
        {error && (
          <span className="field-error" role="alert">
            {error}
          </span>
        )}
      </form>
    );
  }

  return (
    <div className="row-actions">
      {/* Resend only where it can work: clips still kept, and a paid or free purchase (the server refuses others). */}
      {!tx.clipsExpiredAt && (tx.paymentStatus === 'paid' || tx.paymentStatus === 'free') && (
        <button type="button" className="btn btn-sm" disabled={sending} onClick={() => void onResend(tx)}>
          {sending ? T.sending : T.resend}
        </button>
      )}
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => {
          setEmail(tx.email);
          setPhone(shownPhone);
          setError(null);
          setEditing(true);
        }}
      >
        {T.editContact}
      </button>
      <ConfirmButton
        label={erase.isPending ? T.erasing : T.erase}
        disabled={erase.isPending}
        question={T.eraseConfirm}
        onConfirm={() =>
          erase.mutate(tx.id, {
            onSuccess: (answer) => onNotice(success(answer.message)),
            onError: (err) => onNotice(failure(errorMessage(err, T.loadFailed))),
          })
        }
      />
    </div>
  );
}
