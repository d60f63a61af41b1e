import type { ManifestOptions } from 'vite-plugin-pwa';

/** The web app manifest; vite-plugin-pwa writes it to dist/manifest.webmanifest. */
export const webManifest: Partial<ManifestOptions> = {
  name: 'QuizHub: play, learn, win',
  short_name: 'QuizHub',
  description: 'Quiz and trivia: play by category and level, earn coins and climb the leaderboards.',
  theme_color: '#5b3cc4',
  background_color: '#f6f4fd',
  display: 'standalone',
  // A stable identity for the installed app, whatever the start URL becomes.
  id: '/',
  start_url: '/',
  scope: '/',
  orientation: 'any',
  categories: ['games', 'education', 'entertainment'],
  lang: 'en',
  // The manifest spec allows 'auto'; the plugin's type lists only ltr and rtl.
  dir: 'auto' as 'ltr',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  // Long-press on the home-screen icon (node manifest/make-icons.mjs draws their icons).
  shortcuts: [
    {
      name: 'Daily quiz',
      short_name: 'Daily quiz',
      description: "Play today's quiz",
      url: '/quiz-play/daily-quiz-dashboard',
      icons: [{ src: '/icons/shortcut-daily.png', sizes: '96x96', type: 'image/png' }],
    },
    {
      name: 'Battles',
      short_name: 'Battles',
      description: 'Battle a random opponent, a friend or the bot',
      url: '/random-battle',
      icons: [{ src: '/icons/shortcut-battle.png', sizes: '96x96', type: 'image/png' }],
    },
  ],
  // The richer install dialog (node manifest/make-screenshots.mjs takes them from the built app).
  screenshots: [
    {
      src: '/screenshots/home-narrow.png',
      sizes: '360x740',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Pick a mode: quiz zone, daily quiz, battles and more',
    },
    {
      src: '/screenshots/home-wide.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'QuizHub on a laptop',
    },
  ],
};
