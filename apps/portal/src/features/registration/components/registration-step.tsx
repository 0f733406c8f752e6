import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  ProgressBar,
} from '@waratah/ui';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';

/** The registration steps in spec §4's order. */
export const registrationSteps = [
  'profile',
  'verify',
  'password',
  'company',
  'credentials',
  'complete',
] as const;
export type RegistrationStepName = (typeof registrationSteps)[number];

export interface RegistrationStepProps {
  step: RegistrationStepName;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** One registration step's card: where the adviser is in the journey, the step's title, its form. */
export function RegistrationStep({ step, title, description, children, footer }: RegistrationStepProps) {
  const { t } = useTranslation();
  const steps = registrationSteps.map((name, index) => ({
    position: index + 1,
    label: t(`register.steps.${name}`),
  }));

  return (
    <Card className="w-full max-w-[36rem]">
      <CardHeader className="gap-5">
        <ProgressBar steps={steps} current={registrationSteps.indexOf(step) + 1} />
        <div className="flex flex-col gap-1.5">
          <CardTitle level={1}>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
      </CardHeader>
      <CardContent>{children}</CardContent>
      {footer ? (
        <CardFooter className="justify-center text-muted-foreground text-sm">{footer}</CardFooter>
      ) : null}
    </Card>
  );
}
