/** The part of a zod schema a form needs: its verdict and the messages it gives. */
export interface FormSchema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

export type FieldErrors = Partial<Record<string, string>>;

export type FormCheck<T> = { data: T; errors: FieldErrors } | { data: null; errors: FieldErrors };

/**
 * Checks a form's values with its contract schema (the same one the platform validates with) and
 * keeps the first message of each field, keyed by its dotted path.
 */
export function checkForm<T>(schema: FormSchema<T>, values: unknown): FormCheck<T> {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return { data: null, errors };
}
