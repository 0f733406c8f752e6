/** Common Australian first and last names, and large Sydney employers, the generated customers draw from. */
export const firstNames = [
  'Olivia',
  'Jack',
  'Charlotte',
  'Noah',
  'Isla',
  'William',
  'Mia',
  'Lachlan',
  'Grace',
  'Ethan',
] as const;

export const lastNames = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Nguyen',
  'Kelly',
  'Martin',
  'Singh',
] as const;

export const employers = [
  'NSW Health',
  'Qantas Group',
  'Westfield Retail',
  'University of Sydney',
  'Lendlease',
  'Canva',
  'Transport for NSW',
  'Woolworths Group',
] as const;
