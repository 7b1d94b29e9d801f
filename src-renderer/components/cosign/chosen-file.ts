/**
 * The text of the file a person chose in an `<input type="file">`, then the field cleared so the
 * same file can be chosen again; null when none was chosen.
 */
export async function takeChosenText(event: Event): Promise<string | null> {
  const input = event.target as HTMLInputElement;
  const file = input.files?.[0];
  if (!file) return null;
  const text = await file.text();
  input.value = '';
  return text;
}
