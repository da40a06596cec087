// Reading a QR code from a camera's video. The browser's BarcodeDetector where it has one
// (Android, macOS, ChromeOS); elsewhere (iPhones, desktop Linux and Windows) jsQR decodes a
// frame drawn to a canvas. jsQR is loaded only then, when someone opens the scanner.

// The Shape Detection API is not in TypeScript's DOM library yet.
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** Reads one frame of the video: the QR code's text, or null when none is in view. */
export type QrReader = (video: HTMLVideoElement) => Promise<string | null>;

/** True where a camera can be asked for (a secure context with getUserMedia). */
export function canScanQr(): boolean {
  // Outside a secure context mediaDevices is missing, whatever the DOM types say.
  const media = (navigator as { mediaDevices?: MediaDevices }).mediaDevices;
  return typeof media?.getUserMedia === 'function';
}

/** Frames are scaled down to this width before jsQR reads them: enough for a QR held up close. */
const DECODE_WIDTH = 480;

export async function createQrReader(): Promise<QrReader> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  if (Detector) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => {
      const [found] = await detector.detect(video).catch(() => []);
      return found?.rawValue ?? null;
    };
  }
  const mod = await import('jsqr');
  // jsqr is CommonJS; depending on interop its function is the default or the namespace itself.
  const jsQR = (typeof mod.default === 'function' ? mod.default : mod) as typeof mod.default;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return (video) => {
    if (!context || video.videoWidth === 0) return Promise.resolve(null);
    const scale = Math.min(1, DECODE_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    const found = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' });
    return Promise.resolve(found?.data ?? null);
  };
}
