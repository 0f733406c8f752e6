import {
  NavigationMenu,
  NavigationMenuItem,
  NavigationMenuLink,
  NavigationMenuList,
} from '../../src/index.ts';
import { Section } from '../section.tsx';

export function NavigationMenuSection() {
  return (
    <Section id="navigation-menu" title="Navigation menu">
      <NavigationMenu aria-label="Example">
        <NavigationMenuList>
          <NavigationMenuItem>
            <NavigationMenuLink href="#navigation-menu" active>
              Home
            </NavigationMenuLink>
          </NavigationMenuItem>
          <NavigationMenuItem>
            <NavigationMenuLink href="#navigation-menu">Help</NavigationMenuLink>
          </NavigationMenuItem>
          <NavigationMenuItem>
            <NavigationMenuLink asChild>
              <button type="button">Sign out</button>
            </NavigationMenuLink>
          </NavigationMenuItem>
        </NavigationMenuList>
      </NavigationMenu>
    </Section>
  );
}
