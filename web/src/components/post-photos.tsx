import { Suspense, lazy, useState } from 'react';
import clsx from 'clsx';
import { postPhotoUrl, type PostPhoto } from '@saathi/contracts';

// The full size is opened on demand, so the feed's first load does not carry the viewer.
const PhotoViewer = lazy(() => import('./photo-viewer'));

/**
 * A post's photos on its card, in the card size (~480 px wide). Width and height come with the
 * post, so the space is kept before the bytes arrive (nothing below jumps); photos load only
 * near the viewport. Tapping one opens the full size.
 */
export function PostPhotos({ photos, authorName }: { photos: readonly PostPhoto[]; authorName: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const single = photos.length === 1;
  const viewing = open === null ? undefined : photos[open];
  return (
    <>
      <ul className={clsx('mt-3 grid gap-1.5', single ? 'grid-cols-1' : 'grid-cols-2')} aria-label="Photos">
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              className="block w-full overflow-hidden rounded-xl bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
              aria-label={`Open photo ${i + 1} of ${photos.length} by ${authorName}`}
            >
              <img
                src={postPhotoUrl(photo.id, 'card')}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                decoding="async"
                alt=""
                className={clsx(
                  'w-full object-cover',
                  // One photo keeps its shape (within reason); several share a square grid.
                  single ? 'h-auto max-h-[28rem]' : 'aspect-square h-full',
                )}
              />
            </button>
          </li>
        ))}
      </ul>
      {viewing && open !== null ? (
        <Suspense fallback={null}>
          <PhotoViewer
            photo={viewing}
            label={`Photo ${open + 1} of ${photos.length} by ${authorName}`}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
