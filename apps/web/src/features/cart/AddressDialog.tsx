import { zodResolver } from "@hookform/resolvers/zod";
import {
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { BillingAddress, ShippingAddress } from "@portal/contracts";
import { INDIAN_STATES, messages } from "@portal/domain";
import { IconArrowRight } from "@tabler/icons-react";
import { Controller, type FieldErrors, type UseFormReturn, useForm } from "react-hook-form";
import { z } from "zod";
import { FormAlert } from "../../components/FormAlert";
import type { AddressFields, AddressFormValues, OrderAddresses } from "./addresses";

const GstNo = BillingAddress.shape.gstNo;

/** Shipping address, and a billing address unless it is the same; the contracts' rules. */
const AddressForm = z.discriminatedUnion("sameAsShipping", [
  z.object({
    sameAsShipping: z.literal(true),
    shipping: ShippingAddress,
    billing: z.unknown(),
    gstNo: GstNo,
  }),
  z.object({
    sameAsShipping: z.literal(false),
    shipping: ShippingAddress,
    billing: ShippingAddress,
    gstNo: GstNo,
  }),
]);

export { type AddressFormValues, addressDefaults, type OrderAddresses } from "./addresses";

const EMPTY_ERRORS: FieldErrors<AddressFields> = {};

/** The contracts' reasons ("address1 is required"), said for people. */
function reason(field: keyof AddressFields, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (/is required$/.test(message)) return "Required";
  if (field === "phone") return "Enter the 10-digit phone number";
  if (field === "pincode") return "Enter the 6-digit pincode";
  if (field === "state") return "Choose a state of India";
  return message;
}

function AddressFieldset({
  form,
  prefix,
  errors = EMPTY_ERRORS,
}: {
  form: UseFormReturn<AddressFormValues>;
  prefix: "shipping" | "billing";
  errors?: FieldErrors<AddressFields>;
}) {
  const auto = (token: string) => `section-${prefix} ${prefix} ${token}`;
  const error = (field: keyof AddressFields) => reason(field, errors[field]?.message);
  return (
    <SimpleGrid cols={6} spacing="sm" verticalSpacing={8}>
      <TextInput
        style={{ gridColumn: "span 3" }}
        label="Name"
        withAsterisk
        autoComplete={auto("name")}
        error={error("name")}
        {...form.register(`${prefix}.name`)}
      />
      <TextInput
        style={{ gridColumn: "span 3" }}
        label="Phone"
        placeholder="10 digits"
        withAsterisk
        inputMode="numeric"
        maxLength={10}
        autoComplete={auto("tel-national")}
        error={error("phone")}
        {...form.register(`${prefix}.phone`)}
      />
      <TextInput
        style={{ gridColumn: "span 4" }}
        label="Address line 1"
        withAsterisk
        autoComplete={auto("address-line1")}
        error={error("address1")}
        {...form.register(`${prefix}.address1`)}
      />
      <TextInput
        style={{ gridColumn: "span 2" }}
        label="Address line 2"
        autoComplete={auto("address-line2")}
        error={error("address2")}
        {...form.register(`${prefix}.address2`)}
      />
      <TextInput
        style={{ gridColumn: "span 2" }}
        label="City"
        withAsterisk
        autoComplete={auto("address-level2")}
        error={error("city")}
        {...form.register(`${prefix}.city`)}
      />
      <Controller
        control={form.control}
        name={`${prefix}.state`}
        render={({ field }) => (
          <Select
            style={{ gridColumn: "span 2" }}
            label="State"
            placeholder="Choose a state"
            data={INDIAN_STATES}
            searchable
            withAsterisk
            nothingFoundMessage="No such state"
            comboboxProps={{ zIndex: 400 }}
            value={field.value || null}
            onChange={(v) => field.onChange(v ?? "")}
            onBlur={field.onBlur}
            ref={field.ref}
            error={error("state")}
          />
        )}
      />
      <TextInput
        style={{ gridColumn: "span 2" }}
        label="Pincode"
        placeholder="6 digits"
        withAsterisk
        inputMode="numeric"
        maxLength={6}
        autoComplete={auto("postal-code")}
        error={error("pincode")}
        {...form.register(`${prefix}.pincode`)}
      />
    </SimpleGrid>
  );
}

/**
 * Step (b) of the place-order flow: the shipping and billing address, prefilled from `me`.
 * Anything missing or malformed: "Please fill-up required fields", with each field's reason.
 */
export function AddressDialog({
  opened,
  initial,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  initial: AddressFormValues;
  onClose: () => void;
  onSubmit: (addresses: OrderAddresses, values: AddressFormValues) => void;
}) {
  if (!opened) return null;
  return (
    <Modal opened={opened} onClose={onClose} title="Shipping and billing address" size={640} centered>
      <AddressFormBody initial={initial} onClose={onClose} onSubmit={onSubmit} />
    </Modal>
  );
}

function AddressFormBody({
  initial,
  onClose,
  onSubmit,
}: {
  initial: AddressFormValues;
  onClose: () => void;
  onSubmit: (addresses: OrderAddresses, values: AddressFormValues) => void;
}) {
  const form = useForm<AddressFormValues>({
    // The schema's output is checked again below; the form keeps its plain strings.
    resolver: zodResolver(AddressForm) as never,
    defaultValues: initial,
    shouldFocusError: true,
  });
  const { errors, submitCount } = form.formState;
  const same = form.watch("sameAsShipping");
  const invalid = submitCount > 0 && Object.keys(errors).length > 0;

  const submit = form.handleSubmit((values) => {
    const parsed = AddressForm.parse(values);
    const shippingAddress = parsed.shipping;
    const billingFields = parsed.sameAsShipping ? parsed.shipping : parsed.billing;
    onSubmit({ shippingAddress, billingAddress: { ...billingFields, gstNo: parsed.gstNo } }, values);
  });

  return (
    <form onSubmit={submit} noValidate data-testid="shipping-dialog">
      <Stack gap="sm">
        {invalid && (
          <FormAlert tone="error" py="xs" data-testid="address-error">
            {messages.fillRequiredFields}
          </FormAlert>
        )}
        <div>
          <Text fw={700} size="sm" mb={6}>
            Ship to
          </Text>
          <AddressFieldset form={form} prefix="shipping" errors={errors.shipping} />
        </div>
        <Divider />
        <Stack gap="xs">
          <Text fw={700} size="sm">
            Bill to
          </Text>
          <Group justify="space-between" align="flex-end" wrap="nowrap" gap="md">
            <Checkbox
              label="Billing address is the same as the shipping address"
              {...form.register("sameAsShipping")}
              mb={8}
              data-testid="same-as-shipping"
            />
            <TextInput
              label="GSTIN (optional)"
              placeholder="e.g. 27ABCDE1234F1Z5"
              w={220}
              maxLength={15}
              styles={{ input: { textTransform: "uppercase" } }}
              error={errors.gstNo?.message}
              {...form.register("gstNo")}
            />
          </Group>
          {!same && <AddressFieldset form={form} prefix="billing" errors={errors.billing as never} />}
        </Stack>
        <Group justify="flex-end" gap="sm" mt={4}>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" rightSection={<IconArrowRight size={16} />} data-testid="shipping-continue">
            Continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
