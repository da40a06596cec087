// The profile QR code: 256 px wide, margin 2, black on white. qrcode is loaded on demand.
export const QR_OPTIONS = { width: 256, margin: 2, color: { dark: '#000000', light: '#FFFFFF' } } as const;

export async function qrCodeDataUrl(text: string): Promise<string> {
  const mod = await import('qrcode');
  // qrcode is CommonJS; depending on interop its functions sit on the namespace or on default.
  const api = typeof (mod as Partial<typeof mod>).toDataURL === 'function' ? mod : mod.default;
  return api.toDataURL(text, { ...QR_OPTIONS, color: { ...QR_OPTIONS.color } });
}
