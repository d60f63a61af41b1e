import type { Agent } from 'node:http';
import type { App, Credential } from 'firebase-admin/app';
import type { ServiceAccount } from './config';

/**
 * A firebase-admin app of our own for Firebase mode (loaded here, on first use: the default mode
 * never loads firebase-admin). Each is named apart, so that several servers in one process
 * (tests) do not share one; `label` says whose it is.
 */
export async function openFirebaseApp(
  o: { projectId: string; serviceAccount?: ServiceAccount; httpAgent?: Agent; credential?: Credential },
  label: string,
): Promise<App> {
  const { initializeApp, cert } = await import('firebase-admin/app');
  const sa = o.serviceAccount;
  const credential =
    o.credential ??
    (sa ? cert({ projectId: sa.project_id, clientEmail: sa.client_email, privateKey: sa.private_key }) : undefined);
  return initializeApp(
    {
      projectId: o.projectId,
      ...(credential ? { credential } : {}),
      ...(o.httpAgent ? { httpAgent: o.httpAgent } : {}),
    },
    `quiz-${label}-${o.projectId}-${Math.random().toString(36).slice(2)}`,
  );
}

/** Lets go of an app opened above (its connections and timers). */
export async function closeFirebaseApp(app: App): Promise<void> {
  const { deleteApp } = await import('firebase-admin/app');
  await deleteApp(app).catch(() => undefined);
}
