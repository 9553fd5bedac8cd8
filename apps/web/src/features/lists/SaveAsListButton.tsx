/** The cart, past orders and the quick order pad save lines as a list with the shared component. */
export { listLinesOf, SaveAsListButton, type SaveListLine } from "../../components/SaveAsListButton";
