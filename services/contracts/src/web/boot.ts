// No imports: the build writes this into index.html and the gateway hashes it for its CSP.

/** The JSON element the build writes: the entry module and the modules the entry imports. */
export const BOOT_ELEMENT_ID = 'saathi-boot';
/** JSON elements the gateway adds to a page: the modules of the screen it is served for. */
export const SCREEN_MODULES_ATTRIBUTE = 'data-saathi-modules';

/**
 * The one inline script of every page. It starts the app's modules once the HTML's own first
 * contentful paint has reached the screen, instead of from a `<script type="module">` in the head.
 *
 * Why: the HTML already draws the screen (the static header and the pre-rendered main), so the
 * scripts add nothing to the first paint. Fetched from the head, they competed with the HTML for
 * a slow link's bandwidth, and on a fast one (or from the cache) the browser ran the entry and
 * React's first render before it painted at all. The cost is the fetches starting a frame
 * later. The paint is the browser's own paint timing entry (the time the frame was shown, which
 * on a busy device comes well after the main thread drew it); without paint timing, the task
 * after the next frame. A tab opened in the background paints nothing and starts at once; the
 * timeout (3 s: well past a first paint even on a busy phone) covers a paint that never comes.
 *
 * Plain ES5 and no template: its SHA-256 is in the CSP's script-src (gateway/src/security.ts),
 * so any change to this text is a change to the policy, made in one place.
 */
export const BOOT_SCRIPT = [
  '(function(){',
  'var d=document,w=window,started=false;',
  'function json(el){return el?JSON.parse(el.textContent||"null"):null}',
  'function start(){',
  'if(started)return;started=true;',
  `var boot=json(d.getElementById("${BOOT_ELEMENT_ID}"));if(!boot)return;`,
  'var urls=boot.preload.slice();',
  `var extra=d.querySelectorAll("script[${SCREEN_MODULES_ATTRIBUTE}]");`,
  'for(var i=0;i<extra.length;i++)urls=urls.concat(json(extra[i])||[]);',
  'for(var j=0;j<urls.length;j++){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=urls[j];d.head.appendChild(l)}',
  'var s=d.createElement("script");s.type="module";s.crossOrigin="";s.src=boot.entry;d.head.appendChild(s)',
  '}',
  'if(d.visibilityState!=="visible"){start();return}',
  'setTimeout(start,3000);',
  'var types=w.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];',
  'if(types.indexOf("paint")>=0){',
  'new PerformanceObserver(function(list,observer){',
  'if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start()}',
  '}).observe({type:"paint",buffered:true})',
  '}else if(w.requestAnimationFrame){requestAnimationFrame(function(){setTimeout(start,0)})}',
  'else start()',
  '})();',
].join('');

/** What the build records of its entry for BOOT_SCRIPT. */
export interface BootModules {
  entry: string;
  preload: string[];
}

/** A JSON element whose text cannot end the `<script>` it sits in. */
export function jsonScript(attributes: string, value: unknown): string {
  const text = JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script type="application/json" ${attributes}>${text}</script>`;
}
