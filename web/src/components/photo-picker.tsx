import { useEffect, useId, useMemo, useRef } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { POST_PHOTOS_MAX } from '@saathi/contracts';

/**
 * Up to POST_PHOTOS_MAX photos for a new post, each previewed from the file itself (nothing is
 * sent until the post is), with a button to remove it. The server decides what is an image.
 */
export function PhotoPicker({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  // A preview's object URL holds the file in memory until it is revoked.
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  const room = POST_PHOTOS_MAX - files.length;

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">Photos (up to {POST_PHOTOS_MAX})</legend>
      {files.length > 0 ? (
        <ul className="grid grid-cols-4 gap-2" aria-label="Photos to post">
          {files.map((file, i) => (
            <li key={previews[i]} className="relative">
              <img
                src={previews[i]}
                alt={`Photo ${i + 1}: ${file.name}`}
                className="aspect-square w-full rounded-lg object-cover"
              />
              <button
                type="button"
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                className="tap-target absolute top-1 right-1 rounded-full bg-slate-900/70 p-1 text-white hover:bg-slate-900 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
                aria-label={`Remove photo ${i + 1}`}
              >
                <X className="h-3.5 w-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {room > 0 ? (
        <>
          <label
            htmlFor={inputId}
            className="tap-target relative inline-flex cursor-pointer items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-teal-600"
          >
            <ImagePlus className="h-4 w-4" aria-hidden="true" />
            Add photos
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            multiple
            className="sr-only"
            onChange={(e) => {
              const picked = Array.from(e.target.files ?? []);
              onChange([...files, ...picked].slice(0, POST_PHOTOS_MAX));
              // The same file may be picked again after it was removed.
              if (input.current) input.current.value = '';
            }}
          />
        </>
      ) : null}
    </fieldset>
  );
}
