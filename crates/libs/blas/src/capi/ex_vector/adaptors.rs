//! The level-1 `Ex` adaptors (axpy, scal, dot, dotc, nrm2, rot in their plain, batched and
//! strided-batched forms), written once: rocBLAS and hipBLAS v1 pass `rocblas_datatype` codes
//! ([`v1`](super::v1)), hipBLAS v2 passes `hipDataType` codes ([`v2`](super::v2)); nothing else
//! differs. Each module invokes [`ex_vector_adaptors`] with its code set and function names.

/// Defines the 18 adaptors with the data-type codes `$codes` under the names given.
macro_rules! ex_vector_adaptors {
    ($codes:expr; $axpy_ex:ident, $axpy_batched_ex:ident, $axpy_strided_batched_ex:ident, $scal_ex:ident, $scal_batched_ex:ident, $scal_strided_batched_ex:ident, $dot_ex:ident, $dot_batched_ex:ident, $dot_strided_batched_ex:ident, $dotc_ex:ident, $dotc_batched_ex:ident, $dotc_strided_batched_ex:ident, $nrm2_ex:ident, $nrm2_batched_ex:ident, $nrm2_strided_batched_ex:ident, $rot_ex:ident, $rot_batched_ex:ident, $rot_strided_batched_ex:ident) => {
        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $axpy_ex<I: CInt>(
            h: *mut c_void,
            n: I,
            alpha: *const c_void,
            alpha_type: i32,
            x: *const c_void,
            x_type: i32,
            incx: I,
            y: *mut c_void,
            y_type: i32,
            incy: I,
            execution_type: i32,
        ) -> BlasResult<()> {
            let codes = $codes;
            let h = handle(h)?;
            let mode = h.pointer_mode();
            let execution = codes.data(execution_type)?;
            let x = ExVector {
                p: Batch::one(x as *const u8),
                ty: codes.data(x_type)?,
                inc: incx.into(),
            };
            let y = ExVector {
                p: Batch::one(y as *const u8),
                ty: codes.data(y_type)?,
                inc: incy.into(),
            };
            // SAFETY: host-mode scalars are readable now (the caller's contract).
            let op = unsafe {
                ExVectorOp::Axpy {
                    alpha: scalar(alpha, alpha_type, codes, mode)?,
                }
            };
            let call = ExVectorCall {
                op,
                n: 0,
                x,
                y: Some(y),
                batch_count: 0,
                execution,
            };
            // SAFETY: forwarded.
            unsafe { ex_vector(&h, call, n.into(), 1) }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $axpy_batched_ex<I: CInt>(
            h: *mut c_void,
            n: I,
            alpha: *const c_void,
            alpha_type: i32,
            x: *const c_void,
            x_type: i32,
            incx: I,
            y: *mut c_void,
            y_type: i32,
            incy: I,
            batch_count: I,
            execution_type: i32,
        ) -> BlasResult<()> {
            let codes = $codes;
            let h = handle(h)?;
            let mode = h.pointer_mode();
            let execution = codes.data(execution_type)?;
            let x = ExVector {
                p: Batch::array(x as *const *const u8),
                ty: codes.data(x_type)?,
                inc: incx.into(),
            };
            let y = ExVector {
                p: Batch::array(y as *const *const u8),
                ty: codes.data(y_type)?,
                inc: incy.into(),
            };
            // SAFETY: host-mode scalars are readable now (the caller's contract).
            let op = unsafe {
                ExVectorOp::Axpy {
                    alpha: scalar(alpha, alpha_type, codes, mode)?,
                }
            };
            let call = ExVectorCall {
                op,
                n: 0,
                x,
                y: Some(y),
                batch_count: 0,
                execution,
            };
            // SAFETY: forwarded.
            unsafe { ex_vector(&h, call, n.into(), batch_count.into()) }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $axpy_strided_batched_ex<I: CInt>(
            h: *mut c_void,
            n: I,
            alpha: *const c_void,
            alpha_type: i32,
            x: *const c_void,
            x_type: i32,
            incx: I,
            stride_x: i64,
            y: *mut c_void,
            y_type: i32,
            incy: I,
            stride_y: i64,
            batch_count: I,
            execution_type: i32,
        ) -> BlasResult<()> {
            let codes = $codes;
            let h = handle(h)?;
            let mode = h.pointer_mode();
            let execution = codes.data(execution_type)?;
            let x = ExVector {
                p: Batch::strided(x as *const u8, stride_x * codes.data(x_type)?.size() as i64),
                ty: codes.data(x_type)?,
                inc: incx.into(),
            };
            let y = ExVector {
                p: Batch::strided(y as *const u8, stride_y * codes.data(y_type)?.size() as i64),
                ty: codes.data(y_type)?,
                inc: incy.into(),
            };
            // SAFETY: host-mode scalars are readable now (the caller's contract).
            let op = unsafe {
                ExVectorOp::Axpy {
                    alpha: scalar(alpha, alpha_type, codes, mode)?,
                }
            };
            let call = ExVectorCall {
                op,
                n: 0,
                x,
                y: Some(y),
                batch_count: 0,
                execution,
            };
            // SAFETY: forwarded.
            unsafe { ex_vector(&h, call, n.into(), batch_count.into()) }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $scal_ex<I: CInt>(
            h: *mut c_void,
            n: I,
            alpha: *const c_void,
            alpha_type: i32,
            x: *mut c_void,
            x_type: i32,
            incx: I,
            execution_type: i32,
        ) -> BlasResult<()> {
            let codes = $codes;
            let h = handle(h)?;
            let mode = h.pointer_mode();
            let execution = codes.data(execution_type)?;
            let x = ExVector {
                p: Batch::one(x as *const u8),
                ty: codes.data(x_type)?,
                inc: incx.into(),
            };
            // SAFETY: host-mode scalars are readable now (the caller's contract).
            let op = unsafe {
                ExVectorOp::Scal {
                    alpha: scalar(alpha, alpha_type, codes, mode)?,
                }
            };
            let call = ExVectorCall {
                op,
                n: 0,
                x,
                y: None,
                batch_count: 0,
                execution,
            };
            // SAFETY: forwarded.
            unsafe { ex_vector(&h, call, n.into(), 1) }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $scal_batched_ex<I: CInt>(
            h: *mut c_void,
            n: I,
            alpha: *const c_void,
            alpha_type: i32,
            x: *mut c_void,
            x_type: i32,
            incx: I,
            batch_count: I,
            execution_type: i32,
        ) -> BlasResult<()> {
            let codes = $codes;
            let h = handle(h)?;
            let mode = h.pointer_mode();
            let execution = codes.data(execution_type)?;
            let x = ExVector {
                p: Batch::array(x as *const *const u8),
                ty: codes.data(x_type)?,
                inc: incx.into(),
            };
            // SAFETY: host-mode scalars are readable now (the caller's contract).
            let op = unsafe {
                ExVectorOp::Scal {
                    alpha: scalar(alpha, alpha_type, codes, mode)?,
                }
            };
            let call = ExVectorCall {
                op,
                n: 0,
                x,
                y: None,
                batch_count: 0,
                execution,
            };
            // SAFETY: forwarded.
            unsafe { ex_vector(&h, call, n.into(), batch_count.into()) }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $scal_strided_batched_ex<I: CInt>(
            h: *mut c_void,
            n: I,
            alpha: *const c_void,
            alpha_type: i32,
            x: *mut c_void,
            x_type: i32,
            incx: I,
            stride_x: i64,
            batch_count: I,
            execution_type: i32,
        ) -> BlasResult<()> {
            let codes = $codes;
            let h = handle(h)?;
            let mode = h.pointer_mode();
            let execution = codes.data(execution_type)?;
            let x = ExVector {
                p: Batch::strided(x as *const u8, stride_x * codes.data(x_type)?.size() as i64),
                ty: codes.data(x_type)?,
                inc: incx.into(),
            };
            // SAFETY: host-mode scalars are readable now (the caller's contract).
            let op = unsafe {
                ExVectorOp::Scal {
                    alpha: scalar(alpha, alpha_type, codes, mode)?,
                }
            };
            let call = ExVectorCall {
                op,
                n: 0,
                x,
                y: None,
                batch_count: 0,
                execution,
            };
            // SAFETY: forwarded.
            unsafe { ex_vector(&h, call, n.into(), batch_count.into()) }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $dot_ex<I: CInt>(
            h: *mut c_void,
            n: I,
            x: *const c_void,
            x_type: i32,
            incx: I,
            y: *const c_void,
            y_type: i32,
            incy: I,
            result: *mut c_void,
            result_type: i32,
            execution_type: i32,
        ) -> BlasResult<()> {
            let codes = $codes;
            let h = handle(h)?;
            let execution = codes.data(execution_type)?;
            let x = ExVector {
                p: Batch::one(x as *const u8),
                ty: codes.data(x_type)?,
                inc: incx.into(),
            };
            let y = ExVector {
                p: Batch::one(y as *const u8),
                ty: codes.data(y_type)?,
                inc: incy.into(),
            };
            let op = ExVectorOp::Dot {
                conjugate: false,
                result: DevPtr::new(result as *const u8),
                result_type: codes.data(result_type)?,
            };
            let call = ExVectorCall {
                op,
                n: 0,
                x,
                y: Some(y),
                batch_count: 0,
                execution,
            };
            // SAFETY: forwarded.
            unsafe { ex_vector(&h, call, n.into(), 1) }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $dot_batched_ex<I: CInt>(
            h: *mut c_void,
            n: I,
            x: *const c_void,
            x_type: i32,
            incx: I,
            y: *const c_void,
            y_type: i32,
            incy: I,
            batch_count: I,
            result: *mut c_void,
            result_type: i32,
            execution_type: i32,
        ) -> BlasResult<()> {
            let codes = $codes;
            let h = handle(h)?;
            let execution = codes.data(execution_type)?;
            let x = ExVector {
                p: Batch::array(x as *const *const u8),
                ty: codes.data(x_type)?,
                inc: incx.into(),
            };
            let y = ExVector {
                p: Batch::array(y as *const *const u8),
                ty: codes.data(y_type)?,
                inc: incy.into(),
            };
            let op = ExVectorOp::Dot {
                conjugate: false,
                result: DevPtr::new(result as *const u8),
                result_type: codes.data(result_type)?,
            };
            let call = ExVectorCall {
                op,
                n: 0,
                x,
                y: Some(y),
                batch_count: 0,
                execution,
            };
            // SAFETY: forwarded.
            unsafe { ex_vector(&h, call, n.into(), batch_count.into()) }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $dot_strided_batched_ex<I: CInt>(
            h: *mut c_void,
            n: I,
            x: *const c_void,
            x_type: i32,
            incx: I,
            stride_x: i64,
            y: *const c_void,
            y_type: i32,
            incy: I,
            stride_y: i64,
            batch_count: I,
            result: *mut c_void,
            result_type: i32,
            execution_type: i32,
        ) -> BlasResult<()> {
            let codes = $codes;
            let h = handle(h)?;
            let execution = codes.data(execution_type)?;
            let x = ExVector {
                p: Batch::strided(x as *const u8, stride_x * codes.data(x_type)?.size() as i64),
                ty: codes.data(x_type)?,
                inc: incx.into(),
            };
            let y = ExVector {
                p: Batch::strided(y as *const u8, stride_y * codes.data(y_type)?.size() as i64),
                ty: codes.data(y_type)?,
                inc: incy.into(),
            };
            let op = ExVectorOp::Dot {
                conjugate: false,
                result: DevPtr::new(result as *const u8),
                result_type: codes.data(result_type)?,
            };
            let call = ExVectorCall {
                op,
                n: 0,
                x,
                y: Some(y),
                batch_count: 0,
                execution,
            };
            // SAFETY: forwarded.
            unsafe { ex_vector(&h, call, n.into(), batch_count.into()) }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $dotc_ex<I: CInt>(
            h: *mut c_void,
            n: I,
            x: *const c_void,
            x_type: i32,
            incx: I,
            y: *const c_void,
            y_type: i32,
            incy: I,
            result: *mut c_void,
            result_type: i32,
            execution_type: i32,
        ) -> BlasResult<()> {
            let codes = $codes;
            let h = handle(h)?;
            let execution = codes.data(execution_type)?;
            let x = ExVector {
                p: Batch::one(x as *const u8),
                ty: codes.data(x_type)?,
                inc: incx.into(),
            };
            let y = ExVector {
                p: Batch::one(y as *const u8),
                ty: codes.data(y_type)?,
                inc: incy.into(),
            };
            let op = ExVectorOp::Dot {
                conjugate: true,
                result: DevPtr::new(result as *const u8),
                result_type: codes.data(result_type)?,
            };
            let call = ExVectorCall {
                op,
                n: 0,
                x,
                y: Some(y),
                batch_count: 0,
                execution,
            };
            // SAFETY: forwarded.
            unsafe { ex_vector(&h, call, n.into(), 1) }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $dotc_batched_ex<I: CInt>(
            h: *mut c_void,
            n: I,
            x: *const c_void,
            x_type: i32,
            incx: I,
            y: *const c_void,
            y_type: i32,
            incy: I,
            batch_count: I,
            result: *mut c_void,
            result_type: i32,
            execution_type: i32,
        ) -> BlasResult<()> {
            let codes = $codes;
            let h = handle(h)?;
            let execution = codes.data(execution_type)?;
            let x = ExVector {
                p: Batch::array(x as *const *const u8),
                ty: codes.data(x_type)?,
                inc: incx.into(),
            };
            let y = ExVector {
                p: Batch::array(y as *const *const u8),
                ty: codes.data(y_type)?,
                inc: incy.into(),
            };
            let op = ExVectorOp::Dot {
                conjugate: true,
                result: DevPtr::new(result as *const u8),
                result_type: codes.data(result_type)?,
            };
            let call = ExVectorCall {
                op,
                n: 0,
                x,
                y: Some(y),
                batch_count: 0,
                execution,
            };
            // SAFETY: forwarded.
            unsafe { ex_vector(&h, call, n.into(), batch_count.into()) }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $dotc_strided_batched_ex<I: CInt>(
            h: *mut c_void,
            n: I,
            x: *const c_void,
            x_type: i32,
            incx: I,
            stride_x: i64,
            y: *const c_void,
            y_type: i32,
            incy: I,
            stride_y: i64,
            batch_count: I,
            result: *mut c_void,
            result_type: i32,
            execution_type: i32,
        ) -> BlasResult<()> {
            let codes = $codes;
            let h = handle(h)?;
            let execution = codes.data(execution_type)?;
            let x = ExVector {
                p: Batch::strided(x as *const u8, stride_x * codes.data(x_type)?.size() as i64),
                ty: codes.data(x_type)?,
                inc: incx.into(),
            };
            let y = ExVector {
                p: Batch::strided(y as *const u8, stride_y * codes.data(y_type)?.size() as i64),
                ty: codes.data(y_type)?,
                inc: incy.into(),
            };
            let op = ExVectorOp::Dot {
                conjugate: true,
                result: DevPtr::new(result as *const u8),
                result_type: codes.data(result_type)?,
            };
            let call = ExVectorCall {
                op,
                n: 0,
                x,
                y: Some(y),
                batch_count: 0,
                execution,
            };
            // SAFETY: forwarded.
            unsafe { ex_vector(&h, call, n.into(), batch_count.into()) }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $nrm2_ex<I: CInt>(
            h: *mut c_void,
            n: I,
            x: *const c_void,
            x_type: i32,
            incx: I,
            result: *mut c_void,
            result_type: i32,
            execution_type: i32,
        ) -> BlasResult<()> {
            let codes = $codes;
            let h = handle(h)?;
            let execution = codes.data(execution_type)?;
            let x = ExVector {
                p: Batch::one(x as *const u8),
                ty: codes.data(x_type)?,
                inc: incx.into(),
            };
            let op = ExVectorOp::Nrm2 {
                result: DevPtr::new(result as *const u8),
                result_type: codes.data(result_type)?,
            };
            let call = ExVectorCall {
                op,
                n: 0,
                x,
                y: None,
                batch_count: 0,
                execution,
            };
            // SAFETY: forwarded.
            unsafe { ex_vector(&h, call, n.into(), 1) }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $nrm2_batched_ex<I: CInt>(
            h: *mut c_void,
            n: I,
            x: *const c_void,
            x_type: i32,
            incx: I,
            batch_count: I,
            result: *mut c_void,
            result_type: i32,
            execution_type: i32,
        ) -> BlasResult<()> {
            let codes = $codes;
            let h = handle(h)?;
            let execution = codes.data(execution_type)?;
            let x = ExVector {
                p: Batch::array(x as *const *const u8),
                ty: codes.data(x_type)?,
                inc: incx.into(),
            };
            let op = ExVectorOp::Nrm2 {
                result: DevPtr::new(result as *const u8),
                result_type: codes.data(result_type)?,
            };
            let call = ExVectorCall {
                op,
                n: 0,
                x,
                y: None,
                batch_count: 0,
                execution,
            };
            // SAFETY: forwarded.
            unsafe { ex_vector(&h, call, n.into(), batch_count.into()) }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $nrm2_strided_batched_ex<I: CInt>(
            h: *mut c_void,
            n: I,
            x: *const c_void,
            x_type: i32,
            incx: I,
            stride_x: i64,
            batch_count: I,
            result: *mut c_void,
            result_type: i32,
            execution_type: i32,
        ) -> BlasResult<()> {
            let codes = $codes;
            let h = handle(h)?;
            let execution = codes.data(execution_type)?;
            let x = ExVector {
                p: Batch::strided(x as *const u8, stride_x * codes.data(x_type)?.size() as i64),
                ty: codes.data(x_type)?,
                inc: incx.into(),
            };
            let op = ExVectorOp::Nrm2 {
                result: DevPtr::new(result as *const u8),
                result_type: codes.data(result_type)?,
            };
            let call = ExVectorCall {
                op,
                n: 0,
                x,
                y: None,
                batch_count: 0,
                execution,
            };
            // SAFETY: forwarded.
            unsafe { ex_vector(&h, call, n.into(), batch_count.into()) }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $rot_ex<I: CInt>(
            h: *mut c_void,
            n: I,
            x: *mut c_void,
            x_type: i32,
            incx: I,
            y: *mut c_void,
            y_type: i32,
            incy: I,
            c: *const c_void,
            s: *const c_void,
            cs_type: i32,
            execution_type: i32,
        ) -> BlasResult<()> {
            let codes = $codes;
            let h = handle(h)?;
            let mode = h.pointer_mode();
            let execution = codes.data(execution_type)?;
            let x = ExVector {
                p: Batch::one(x as *const u8),
                ty: codes.data(x_type)?,
                inc: incx.into(),
            };
            let y = ExVector {
                p: Batch::one(y as *const u8),
                ty: codes.data(y_type)?,
                inc: incy.into(),
            };
            // SAFETY: host-mode scalars are readable now (the caller's contract).
            let op = unsafe {
                ExVectorOp::Rot {
                    c: scalar(c, cs_type, codes, mode)?,
                    s: scalar(s, cs_type, codes, mode)?,
                }
            };
            let call = ExVectorCall {
                op,
                n: 0,
                x,
                y: Some(y),
                batch_count: 0,
                execution,
            };
            // SAFETY: forwarded.
            unsafe { ex_vector(&h, call, n.into(), 1) }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $rot_batched_ex<I: CInt>(
            h: *mut c_void,
            n: I,
            x: *mut c_void,
            x_type: i32,
            incx: I,
            y: *mut c_void,
            y_type: i32,
            incy: I,
            c: *const c_void,
            s: *const c_void,
            cs_type: i32,
            batch_count: I,
            execution_type: i32,
        ) -> BlasResult<()> {
            let codes = $codes;
            let h = handle(h)?;
            let mode = h.pointer_mode();
            let execution = codes.data(execution_type)?;
            let x = ExVector {
                p: Batch::array(x as *const *const u8),
                ty: codes.data(x_type)?,
                inc: incx.into(),
            };
            let y = ExVector {
                p: Batch::array(y as *const *const u8),
                ty: codes.data(y_type)?,
                inc: incy.into(),
            };
            // SAFETY: host-mode scalars are readable now (the caller's contract).
            let op = unsafe {
                ExVectorOp::Rot {
                    c: scalar(c, cs_type, codes, mode)?,
                    s: scalar(s, cs_type, codes, mode)?,
                }
            };
            let call = ExVectorCall {
                op,
                n: 0,
                x,
                y: Some(y),
                batch_count: 0,
                execution,
            };
            // SAFETY: forwarded.
            unsafe { ex_vector(&h, call, n.into(), batch_count.into()) }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $rot_strided_batched_ex<I: CInt>(
            h: *mut c_void,
            n: I,
            x: *mut c_void,
            x_type: i32,
            incx: I,
            stride_x: i64,
            y: *mut c_void,
            y_type: i32,
            incy: I,
            stride_y: i64,
            c: *const c_void,
            s: *const c_void,
            cs_type: i32,
            batch_count: I,
            execution_type: i32,
        ) -> BlasResult<()> {
            let codes = $codes;
            let h = handle(h)?;
            let mode = h.pointer_mode();
            let execution = codes.data(execution_type)?;
            let x = ExVector {
                p: Batch::strided(x as *const u8, stride_x * codes.data(x_type)?.size() as i64),
                ty: codes.data(x_type)?,
                inc: incx.into(),
            };
            let y = ExVector {
                p: Batch::strided(y as *const u8, stride_y * codes.data(y_type)?.size() as i64),
                ty: codes.data(y_type)?,
                inc: incy.into(),
            };
            // SAFETY: host-mode scalars are readable now (the caller's contract).
            let op = unsafe {
                ExVectorOp::Rot {
                    c: scalar(c, cs_type, codes, mode)?,
                    s: scalar(s, cs_type, codes, mode)?,
                }
            };
            let call = ExVectorCall {
                op,
                n: 0,
                x,
                y: Some(y),
                batch_count: 0,
                execution,
            };
            // SAFETY: forwarded.
            unsafe { ex_vector(&h, call, n.into(), batch_count.into()) }
        }
    };
}

pub(super) use ex_vector_adaptors;
