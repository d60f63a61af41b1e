// The baseline of bench:pwa: the least a React 19 app can do to show a screen (one component, a
// heading and a few buttons), marking `app-ready` once committed, as the home page does.
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  useEffect(() => {
    performance.mark('app-ready');
  }, []);
  return (
    <main>
      <h1>Bare React</h1>
      <button type="button">Play</button>
      <button type="button">Leaderboard</button>
      <button type="button">Profile</button>
    </main>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
