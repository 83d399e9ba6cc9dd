/**
 * The multipart shape of 000 §7: booleans as 1/0, nested keys in brackets (`translations[0][name]`,
 * `social_links[facebook]`), null and undefined left out, files as they are.
 */
export function toFormData(body: object, files: Record<string, File | null | undefined> = {}): FormData {
  const form = new FormData();
  const add = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (typeof value === 'boolean') form.append(key, value ? '1' : '0');
    else if (Array.isArray(value)) value.forEach((entry, i) => add(`${key}[${i}]`, entry));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(body)) add(key, value);
  for (const [key, file] of Object.entries(files)) if (file) form.append(key, file, file.name);
  return form;
}
