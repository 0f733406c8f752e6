import type { CustomerProfile } from '../data/customer-profile.ts';
import { stableHash } from '../data/seeded-random.ts';

const lastUpdateTime = '2024-07-01T00:00:00Z';

function digits(seed: string, count: number): string {
  return String(Number.parseInt(stableHash(seed, 12), 16) % 10 ** count).padStart(count, '0');
}

function physicalAddresses(profile: CustomerProfile) {
  const simple = {
    addressLine1: `${digits(profile.customerId, 2)} Macquarie Street`,
    city: 'Sydney',
    state: 'NSW',
    postcode: '2000',
    country: 'AUS',
  };
  return [
    {
      addressUType: 'simple',
      simple,
      purpose: profile.customerUType === 'person' ? 'PHYSICAL' : 'REGISTERED',
    },
  ];
}

/** The `data` of /common/customer (v1) or, with details, /common/customer/detail (v2). */
export function toCdsCustomer(profile: CustomerProfile, detailed: boolean) {
  if (profile.customerUType === 'organisation') {
    const organisation = {
      lastUpdateTime,
      agentFirstName: profile.firstName,
      agentLastName: profile.lastName,
      agentRole: 'Director',
      businessName: profile.businessName ?? profile.employer,
      abn: `5${digits(`${profile.customerId}:abn`, 10)}`,
      organisationType: 'COMPANY',
    };
    return {
      customerUType: 'organisation',
      organisation: detailed
        ? { ...organisation, physicalAddresses: physicalAddresses(profile) }
        : organisation,
    };
  }
  const person = {
    lastUpdateTime,
    firstName: profile.firstName,
    lastName: profile.lastName,
    middleNames: [] as string[],
  };
  if (!detailed) return { customerUType: 'person', person };
  const mobile = `4${digits(`${profile.customerId}:mobile`, 8)}`;
  return {
    customerUType: 'person',
    person: {
      ...person,
      phoneNumbers: [
        {
          isPreferred: true,
          purpose: 'MOBILE',
          countryCode: '+61',
          number: `0${mobile}`,
          fullNumber: `+61${mobile}`,
        },
      ],
      emailAddresses: [
        { isPreferred: true, purpose: 'HOME', address: `${profile.customerId}@example.com.au` },
      ],
      physicalAddresses: physicalAddresses(profile),
    },
  };
}
