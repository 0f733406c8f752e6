import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../src/index.ts';
import { Section } from '../section.tsx';

export function CardSection() {
  return (
    <Section id="card" title="Card and alert">
      <Card className="w-80">
        <CardHeader>
          <CardTitle level={3}>Sign in</CardTitle>
          <CardDescription>Use your adviser account.</CardDescription>
        </CardHeader>
        <CardContent>Card content</CardContent>
        <CardFooter>
          <Button>Continue</Button>
        </CardFooter>
      </Card>
      <div className="flex w-80 flex-col gap-3">
        <Alert variant="error">
          <AlertTitle>Please correct the following errors:</AlertTitle>
          <AlertDescription>Please enter a valid email address</AlertDescription>
        </Alert>
        <Alert variant="success">We have emailed you instructions to recover your password</Alert>
        <Alert>Informational message</Alert>
      </div>
    </Section>
  );
}
