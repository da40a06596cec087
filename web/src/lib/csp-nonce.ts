import { setNonce } from 'get-nonce';

/**
 * The nonces the gateway gave this page (gateway/src/security.ts): its CSP allows no inline style
 * or script without them. They are read from the page's own elements, whose `nonce` property
 * keeps the value (browsers empty the attribute itself, so that CSS cannot read it).
 */
function nonceOf(selector: string): string | undefined {
  const element = document.querySelector<HTMLElement>(selector);
  return element?.nonce || undefined;
}

/** The nonce for a script this page adds (the Maps loader). */
export function scriptNonce(): string | undefined {
  return nonceOf('script[nonce]');
}

/**
 * Hands the style nonce to the libraries that add `<style>` elements at run time: Radix dialogs'
 * scroll lock (react-remove-scroll, through get-nonce). Google Maps finds it on the page's own
 * `<style>` by itself.
 */
export function shareStyleNonce(): void {
  const nonce = nonceOf('style[nonce]');
  if (nonce) setNonce(nonce);
}
