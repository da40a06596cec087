import { Suspense, lazy, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { Camera, CheckCircle2 } from 'lucide-react';
import clsx from 'clsx';
import type { ActivityDetail } from '@saathi/contracts';
import { useCheckIn } from '../api/use-activities';
import { serverMessage } from '../lib/error-message';
import { qrCodeDataUrl } from '../lib/qr-code';
import { canScanQr, createQrReader } from '../lib/qr-scan';
import { toast } from '../lib/toast-store';
import { buttonPrimary, buttonSecondary, inputClass } from './ui';

// Loaded after a check-in only: the feed's first load does not carry the circles' code.
const CircleOffer = lazy(() => import('./circle-offer'));

/** What a QR carries: a prefix says what it is; the server reads the code after the last ':'. */
const QR_PREFIX = 'saathi-checkin:';

/** The viewer's code as a QR image (made in the browser from the code, never markup). */
function CodeImage({ code }: { code: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrCodeDataUrl(`${QR_PREFIX}${code}`).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [code]);
  return src ? (
    <img src={src} width={160} height={160} alt="Your check-in QR code" className="rounded-lg" />
  ) : (
    <div className="h-40 w-40 rounded-lg bg-slate-100" aria-hidden="true" />
  );
}

/**
 * Reads a QR code from the camera (see lib/qr-scan for how), until one is found or the person
 * closes it; the stream is stopped either way.
 */
function Scanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  // The camera starts once per opening, whatever the parent re-renders.
  const callbacks = useRef({ onCode, onClose });
  useEffect(() => {
    callbacks.current = { onCode, onClose };
  });
  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    const scan = async () => {
      const read = await createQrReader();
      while (!stopped && video.current) {
        const found = await read(video.current).catch(() => null);
        if (found) {
          callbacks.current.onCode(found);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    void navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        await scan();
      })
      .catch(() => {
        toast({ title: 'No camera', description: 'Type their code instead.', variant: 'destructive' });
        callbacks.current.onClose();
      });
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);
  return (
    <div className="space-y-2">
      <video
        ref={video}
        muted
        playsInline
        aria-label="Camera"
        className="w-full max-w-xs rounded-lg bg-black"
      />
      <button type="button" className={buttonSecondary} onClick={onClose}>
        Stop scanning
      </button>
    </div>
  );
}

/**
 * Check-in at the meet, for the host and accepted people: one's own code (QR and text) to show,
 * and the other's to scan or type. Open from 30 minutes before the start to the end.
 */
export function ActivityCheckIn({ postId, detail }: { postId: string; detail: ActivityDetail }) {
  // The window opens and closes while the page stays open: look at the clock twice a minute.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const checkIn = useCheckIn(postId);
  const inputId = useId();
  const myCode = detail.myCheckInCode;
  if (!myCode) return null;
  const opensAt = Date.parse(detail.checkInOpensAt);
  const open = now >= opensAt && now < Date.parse(detail.activity.endsAt);
  const submit = (value: string) =>
    checkIn.mutate(value, {
      onSuccess: () => {
        setCode('');
        setScanning(false);
      },
      onError: (err) =>
        toast({
          title: 'Check-in failed',
          description: serverMessage(err) ?? 'Something went wrong. Please try again.',
          variant: 'destructive',
        }),
    });
  const onSubmit = (e: SubmitEvent) => {
    e.preventDefault();
    if (code.trim()) submit(code);
  };
  return (
    <section aria-label="Check-in" className="space-y-2 rounded-xl border border-teal-200 bg-white p-3">
      <h3 className="text-sm font-semibold text-slate-900">Check-in at the meet</h3>
      {detail.checkedIn ? (
        <p role="status" className="inline-flex items-center gap-1 text-sm font-medium text-teal-800">
          <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
          You and the host have met
        </p>
      ) : null}
      {detail.checkedIn ? (
        <Suspense fallback={null}>
          <CircleOffer postId={postId} />
        </Suspense>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <CodeImage code={myCode} />
        <p className="text-sm text-slate-700">
          Your code: <span className="font-mono text-base font-semibold text-slate-900">{myCode}</span>
        </p>
      </div>
      {open ? (
        <>
          <form onSubmit={onSubmit} className="flex flex-wrap items-center gap-2">
            <label htmlFor={inputId} className="sr-only">
              Their check-in code
            </label>
            <input
              id={inputId}
              className={clsx(inputClass, 'min-w-0 flex-1 font-mono uppercase')}
              placeholder="Their check-in code"
              autoComplete="off"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <button type="submit" className={buttonPrimary} disabled={checkIn.isPending}>
              Check in
            </button>
            {canScanQr() && !scanning ? (
              <button type="button" className={buttonSecondary} onClick={() => setScanning(true)}>
                <Camera className="mr-1 h-4 w-4" aria-hidden="true" />
                Scan their code
              </button>
            ) : null}
          </form>
          {scanning ? <Scanner onCode={submit} onClose={() => setScanning(false)} /> : null}
        </>
      ) : (
        <p className="text-sm text-slate-600">
          {now < opensAt
            ? `Check-in opens at ${new Date(opensAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.`
            : 'Check-in is over.'}
        </p>
      )}
    </section>
  );
}
