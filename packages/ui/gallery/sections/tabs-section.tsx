import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../src/index.ts';
import { Section } from '../section.tsx';

export function TabsSection() {
  return (
    <Section id="tabs" title="Tabs">
      <Tabs defaultValue="accounts" className="w-full">
        <TabsList aria-label="Client data">
          <TabsTrigger value="accounts">Accounts</TabsTrigger>
          <TabsTrigger value="goals">Goals</TabsTrigger>
          <TabsTrigger value="transactions" disabled>
            Transactions
          </TabsTrigger>
        </TabsList>
        <TabsContent value="accounts">Three linked accounts.</TabsContent>
        <TabsContent value="goals">Two goals in progress.</TabsContent>
      </Tabs>
    </Section>
  );
}
