const abnWeights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/**
 * The Australian Business Register's ABN check: subtract 1 from the first digit, weight the 11
 * digits, and the sum must divide by 89. Spaces are allowed between digits ("51 824 753 556").
 */
export function isValidAbn(value: string): boolean {
  const digits = value.replace(/\s+/g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = abnWeights.reduce((total, weight, index) => {
    const digit = Number(digits[index]) - (index === 0 ? 1 : 0);
    return total + digit * weight;
  }, 0);
  return sum % 89 === 0;
}
