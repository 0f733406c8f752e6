import { Accordion, Card, CardContent, CardHeader, CardTitle } from '@waratah/ui';
import type { ReactNode } from 'react';

/** A titled part of the report whose figures expand one or several at a time. */
export function PassportSection({
  title,
  empty,
  children,
}: {
  title: string;
  /** Shown instead of the figures when there are none. */
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Card className="gap-2 py-6">
      <CardHeader>
        <CardTitle level={3} className="text-xl">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {empty ? (
          <p className="py-3 text-muted-foreground">{empty}</p>
        ) : (
          <Accordion type="multiple">{children}</Accordion>
        )}
      </CardContent>
    </Card>
  );
}
