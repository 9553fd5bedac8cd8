// @vitest-environment happy-dom
import "../test/setup";
import { zodResolver } from "@hookform/resolvers/zod";
import { MantineProvider } from "@mantine/core";
import { NewPassword } from "@portal/contracts";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { theme } from "../app/theme";
import { withConfirmPassword } from "./confirmPassword";
import { NewPasswordFields } from "./NewPasswordFields";

const Schema = withConfirmPassword(z.object({ newPassword: NewPassword }), "newPassword");

function Harness({ onValid }: { onValid: (v: z.output<typeof Schema>) => void }) {
  const form = useForm({
    resolver: zodResolver(Schema),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <NewPasswordFields form={form} name="newPassword" />
      <button type="submit">Save</button>
    </form>
  );
}

function setup() {
  const onValid = vi.fn();
  render(
    <MantineProvider theme={theme} env="test">
      <Harness onValid={onValid} />
    </MantineProvider>,
  );
  const type = (label: string | RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  return { onValid, type, save: () => fireEvent.click(screen.getByRole("button", { name: "Save" })) };
}

describe("NewPasswordFields", () => {
  afterEach(cleanup);

  it("shows the password rules and says when the confirmation differs", async () => {
    const { onValid, type, save } = setup();
    expect(screen.getByText("At least 8 characters, with a letter and a number")).toBeTruthy();
    type("New password", "Kiosk@2027");
    type(/confirm new password/i, "Kiosk@2028");
    save();
    expect(await screen.findByText("Passwords do not match")).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
  });

  it("submits when both fields hold the same valid password", async () => {
    const { onValid, type, save } = setup();
    type("New password", "Kiosk@2027");
    type(/confirm new password/i, "Kiosk@2027");
    save();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ newPassword: "Kiosk@2027", confirmPassword: "Kiosk@2027" });
    expect(screen.queryByText("Passwords do not match")).toBeNull();
  });
});
