/**
 * A player's name as the app shows it everywhere (header, leaderboards): the spec capitalises the
 * first letter on login, so every other place must too or one person reads as two (issue 22 §6).
 */
export function capitalizeName(name: string): string {
  return name ? name.charAt(0).toLocaleUpperCase() + name.slice(1) : name;
}
