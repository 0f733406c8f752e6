import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Button, Form, FormCheckbox, FormErrorSummary, FormTextInput, toast } from '../../src/index.ts';
import { Section } from '../section.tsx';

const schema = z.object({
  email: z.email('Please enter a valid email address'),
  firstName: z.string().check(z.minLength(1, 'Please enter your first name')),
  terms: z.boolean().check(z.refine(Boolean, 'Please agree to the terms and privacy policy')),
});
type Values = z.infer<typeof schema>;

export function FormSection() {
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: { email: '', firstName: '', terms: false },
  });
  return (
    <Section id="form" title="Form">
      <Form form={form} onSubmit={() => toast.success('Submitted')} className="w-full max-w-md">
        <FormErrorSummary />
        <FormTextInput<Values> name="email" label="Email" type="email" required />
        <FormTextInput<Values> name="firstName" label="First name" required />
        <FormCheckbox<Values> name="terms" label="I agree to the terms and privacy policy" />
        <Button type="submit">Register</Button>
      </Form>
    </Section>
  );
}
