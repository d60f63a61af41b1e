import type { ReactNode } from 'react';

/** The frame of every auth screen: a centred card with a title and a line under it. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <section className="card auth-card">
      <img src="/icons/icon.svg" alt="" width={56} height={56} className="auth-logo" />
      <h1>{title}</h1>
      {subtitle && <p className="muted">{subtitle}</p>}
      {children}
    </section>
  );
}
