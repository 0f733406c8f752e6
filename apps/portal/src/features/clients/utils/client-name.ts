/** A client's name as the dashboard shows it; an invited client may have only an e-mail so far. */
export function clientName(client: { given_name: string; family_name: string; email: string }): string {
  const name = `${client.given_name} ${client.family_name}`.trim();
  return name || client.email;
}
