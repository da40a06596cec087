import { Check, Copy } from 'lucide-react';
import { toast } from '../lib/toast-store';
import { useCopyToClipboard } from '../lib/use-copy-to-clipboard';
import { buttonSecondary, inputClass, labelClass } from './ui';

interface CopyLinkFieldProps {
  id: string;
  /** e.g. "Post link", "Profile link". */
  label: string;
  link: string;
  /** The success toast's description, e.g. "Profile link copied to clipboard". */
  copiedDescription: string;
  /** Show "Copy"/"Copied!" beside the icon on wider screens. */
  withText?: boolean;
}

/** A read-only link with a copy button: the copied state lasts 2 s; toasts on success and failure. */
export function CopyLinkField({ id, label, link, copiedDescription, withText = false }: CopyLinkFieldProps) {
  const { copied, copy } = useCopyToClipboard();
  const copyLink = async () => {
    if (await copy(link)) toast({ title: 'Link Copied', description: copiedDescription });
    else toast({ title: 'Error', description: 'Failed to copy link', variant: 'destructive' });
  };
  return (
    <div className="mt-5">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="flex gap-2">
        <input id={id} readOnly value={link} className={inputClass} onFocus={(e) => e.target.select()} />
        <button
          type="button"
          className={`${buttonSecondary} shrink-0 px-3`}
          onClick={() => void copyLink()}
          aria-label={copied ? 'Link copied' : 'Copy link'}
        >
          {copied ? (
            <Check className="h-4 w-4 text-teal-700" aria-hidden="true" />
          ) : (
            <Copy className="h-4 w-4" aria-hidden="true" />
          )}
          {withText && (
            <span aria-hidden="true" className="hidden sm:inline">
              {copied ? 'Copied!' : 'Copy'}
            </span>
          )}
        </button>
      </div>
    </div>
  );
}
