import * as builders from '../builders';
import { PercentSchema, requestSchema } from './fields';
import { built, defineKind, fromLine } from './kind';

/**
 * UpdateBrokerageContract: the share of voters' rewards a Super Representative keeps. Only a
 * witness account may send it (UpdateBrokerageActuator); 20 % is the chain's starting brokerage.
 */
export const updateBrokerage = defineKind({
  kind: 'update-brokerage',
  contractType: 'UpdateBrokerageContract',
  runsCode: false,
  schema: requestSchema('update-brokerage', { brokeragePercent: PercentSchema }),
  form: {
    title: 'Set the representative brokerage',
    group: 'Voting',
    description: "A Super Representative's share of its voters' rewards; the voters share the rest.",
    fields: [
      {
        key: 'brokerage',
        label: 'Brokerage (%)',
        type: 'percent',
        request: 'brokeragePercent',
        initial: '20',
        hint: 'The share of rewards the representative keeps, 0 to 100.',
      },
    ],
  },
  plan: (request) => ({
    spec: built(() =>
      builders.updateBrokerageContract({ owner: request.owner, brokeragePercent: request.brokeragePercent }),
    ),
    summary: [
      fromLine(request.owner),
      { label: 'Brokerage', value: `${request.brokeragePercent} % of voters' rewards kept` },
    ],
  }),
});
