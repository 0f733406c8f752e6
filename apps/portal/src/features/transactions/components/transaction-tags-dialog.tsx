import type { Transaction } from '@waratah/contracts';
import { Button, Modal, Tag, TextInput } from '@waratah/ui';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useEditTransactionTags } from '../api/edit-transaction-tags.ts';

export interface TransactionTagsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  clientId: number;
  transactions: Transaction[];
}

const MAX_TAG_LENGTH = 50;

/**
 * Adds a tag to, or removes one from, every selected transaction; each change is saved at once.
 * "Done" adds a tag typed and not yet added, as the adviser means it to be; the field starts empty
 * each time the dialog opens (before 2026-12-02 the text stayed, for the next selection too).
 */
export function TransactionTagsDialog({
  open,
  onOpenChange,
  clientId,
  transactions,
}: TransactionTagsDialogProps) {
  const { t } = useTranslation();
  const edit = useEditTransactionTags(clientId);
  const [tag, setTag] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const ids = transactions.map(({ id }) => id);
  const current = [...new Set(transactions.flatMap((row) => row.user_tags))];
  const trimmed = tag.trim();
  // The platform refuses a comma in a new tag: tags are filtered on as a comma-joined list.
  const error =
    trimmed.length === 0 || trimmed.length > MAX_TAG_LENGTH
      ? t('transactions.tags.invalid')
      : trimmed.includes(',')
        ? t('transactions.tags.noComma')
        : undefined;
  // "Done" with a tag typed that cannot be added keeps the dialog open on the message, rather than
  // closing and dropping what the adviser typed.
  const keepOpen = useRef(false);

  function clear() {
    setTag('');
    setSubmitted(false);
  }

  function add(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (error) return;
    addTyped();
    clear();
  }

  function addTyped() {
    edit.mutate({ ids, tags: [trimmed], operation: 'add' });
  }

  function done() {
    if (!error) addTyped();
    else if (trimmed.length > 0) {
      setSubmitted(true);
      keepOpen.current = true;
    }
  }

  function changeOpen(next: boolean) {
    if (!next && keepOpen.current) {
      keepOpen.current = false;
      return;
    }
    if (!next) clear();
    onOpenChange(next);
  }

  return (
    <Modal
      open={open}
      onOpenChange={changeOpen}
      onConfirm={done}
      title={t('transactions.tags.title', { count: transactions.length })}
      showCancel={false}
      confirmText={t('transactions.tags.done')}
    >
      <div className="flex flex-col gap-4">
        <section aria-label={t('transactions.tags.current')} className="flex flex-col gap-2">
          <h3 className="font-medium text-sm">{t('transactions.tags.current')}</h3>
          {current.length === 0 ? (
            <p className="text-muted-foreground text-sm">{t('transactions.tags.none')}</p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {current.map((name) => (
                <li key={name}>
                  <Tag size="md" variant="primary">
                    {name}
                    <button
                      type="button"
                      aria-label={t('transactions.tags.remove', { tag: name })}
                      title={t('transactions.tags.remove', { tag: name })}
                      onClick={() => edit.mutate({ ids, tags: [name], operation: 'remove' })}
                      className="-mr-1 inline-flex size-4 cursor-pointer items-center justify-center rounded-full outline-none hover:bg-body/10 focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <span aria-hidden="true">×</span>
                    </button>
                  </Tag>
                </li>
              ))}
            </ul>
          )}
        </section>
        <form onSubmit={add} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <TextInput
            className="sm:flex-1"
            label={t('transactions.tags.newTag')}
            value={tag}
            maxLength={MAX_TAG_LENGTH}
            onChange={(event) => setTag(event.target.value)}
            error={submitted ? error : undefined}
            touched={submitted}
          />
          <Button type="submit" variant="secondary" className="sm:mt-7">
            {t('transactions.tags.add')}
          </Button>
        </form>
      </div>
    </Modal>
  );
}
