import type { ManifestOptions } from 'vite-plugin-pwa';

/** The web app manifest; vite-plugin-pwa writes it to dist/manifest.webmanifest. */
export const webManifest: Partial<ManifestOptions> = {
  name: 'QuizHub: play, learn, win',
  short_name: 'QuizHub',
  description: 'Quiz and trivia: play by category and level, earn coins and climb the leaderboards.',
  theme_color: '#5b3cc4',
  background_color: '#f6f4fd',
  display: 'standalone',
  start_url: '/',
  scope: '/',
  lang: 'en',
  // The manifest spec allows 'auto'; the plugin's type lists only ltr and rtl.
  dir: 'auto' as 'ltr',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
