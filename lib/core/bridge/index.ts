export { classifyMessage, type MessageKind } from "./classify-message";
export { decideNavigation, type NavigationDecision } from "./decide-navigation";
export { outcomeMessage, type FinalStatus, type OutcomeMessage } from "./outcome-message";
